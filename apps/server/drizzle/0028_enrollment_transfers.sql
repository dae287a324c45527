CREATE TABLE "enrollment_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_enrollment_id" integer NOT NULL,
	"to_enrollment_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"from_schedule_id" integer NOT NULL,
	"to_schedule_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"old_value" integer NOT NULL,
	"new_price" integer NOT NULL,
	"difference" integer NOT NULL,
	"currency" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollment_transfers_difference" CHECK ("enrollment_transfers"."difference" = "enrollment_transfers"."new_price" - "enrollment_transfers"."old_value"),
	CONSTRAINT "enrollment_transfers_schedules_differ" CHECK ("enrollment_transfers"."from_schedule_id" <> "enrollment_transfers"."to_schedule_id")
);
--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_from_enrollment_id_enrollments_id_fk" FOREIGN KEY ("from_enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_to_enrollment_id_enrollments_id_fk" FOREIGN KEY ("to_enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_from_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("from_schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_to_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("to_schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_transfers" ADD CONSTRAINT "enrollment_transfers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_transfers_attendee_idx" ON "enrollment_transfers" USING btree ("attendee_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "enrollment_transfers_from_idx" ON "enrollment_transfers" USING btree ("from_enrollment_id");