CREATE TABLE "absences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"klass_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reported_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makeup_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "makeup_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"credit_id" integer NOT NULL,
	"klass_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "makeup_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendee_profile_id" integer NOT NULL,
	"origin_klass_id" integer,
	"absence_id" integer,
	"source" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"granted_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seat_holds" ADD COLUMN "session_seat_key" text;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_reported_by_id_users_id_fk" FOREIGN KEY ("reported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_credit_id_makeup_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."makeup_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_bookings" ADD CONSTRAINT "makeup_bookings_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_origin_klass_id_klasses_id_fk" FOREIGN KEY ("origin_klass_id") REFERENCES "public"."klasses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_absence_id_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."absences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absences_klass_attendee_unique" ON "absences" USING btree ("klass_id","attendee_profile_id");--> statement-breakpoint
CREATE INDEX "absences_attendee_idx" ON "absences" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE INDEX "absences_reported_by_idx" ON "absences" USING btree ("reported_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_bookings_credit_live_unique" ON "makeup_bookings" USING btree ("credit_id") WHERE "makeup_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "makeup_bookings_klass_idx" ON "makeup_bookings" USING btree ("klass_id");--> statement-breakpoint
CREATE INDEX "makeup_bookings_attendee_idx" ON "makeup_bookings" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_attendee_idx" ON "makeup_credits" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_origin_klass_idx" ON "makeup_credits" USING btree ("origin_klass_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_absence_idx" ON "makeup_credits" USING btree ("absence_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_granted_by_idx" ON "makeup_credits" USING btree ("granted_by_id");--> statement-breakpoint
CREATE INDEX "makeup_credits_expires_idx" ON "makeup_credits" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_holds_session_seat_key_unique" ON "seat_holds" USING btree ("session_seat_key") WHERE "seat_holds"."session_seat_key" is not null;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_session_seat_alone" CHECK ("seat_holds"."session_seat_key" is null or ("seat_holds"."order_id" is null and "seat_holds"."waitlist_offer_id" is null));