CREATE TABLE "trial_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trial_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"klass_id" integer NOT NULL,
	"klass_group_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"credit_until" timestamp with time zone NOT NULL,
	"credited_order_item_id" integer,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trial_bookings_price_not_negative" CHECK ("trial_bookings"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "klass_groups" ADD COLUMN "trial_price" integer;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_klass_group_id_klass_groups_id_fk" FOREIGN KEY ("klass_group_id") REFERENCES "public"."klass_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_bookings_child_programme_live_unique" ON "trial_bookings" USING btree ("attendee_profile_id","klass_group_id") WHERE "trial_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "trial_bookings_klass_idx" ON "trial_bookings" USING btree ("klass_id");--> statement-breakpoint
CREATE INDEX "trial_bookings_programme_idx" ON "trial_bookings" USING btree ("klass_group_id");--> statement-breakpoint
CREATE INDEX "trial_bookings_user_idx" ON "trial_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trial_bookings_order_idx" ON "trial_bookings" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "klass_groups" ADD CONSTRAINT "klass_groups_trial_price_not_negative" CHECK ("klass_groups"."trial_price" >= 0);