CREATE TABLE "authorised_pickups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authorised_pickups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendee_profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text,
	"photo_image_id" integer
);
--> statement-breakpoint
CREATE TABLE "child_medical" (
	"attendee_profile_id" integer PRIMARY KEY NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"medical_notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emergency_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendee_profile_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"relation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "medical_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attendee_profile_id" integer NOT NULL,
	"viewer_id" integer,
	"viewer_name" text NOT NULL,
	"viewer_role" text NOT NULL,
	"place" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authorised_pickups" ADD CONSTRAINT "authorised_pickups_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorised_pickups" ADD CONSTRAINT "authorised_pickups_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_medical" ADD CONSTRAINT "child_medical_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_access_log" ADD CONSTRAINT "medical_access_log_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_access_log" ADD CONSTRAINT "medical_access_log_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorised_pickups_attendee_idx" ON "authorised_pickups" USING btree ("attendee_profile_id","position");--> statement-breakpoint
CREATE INDEX "authorised_pickups_photo_idx" ON "authorised_pickups" USING btree ("photo_image_id");--> statement-breakpoint
CREATE INDEX "emergency_contacts_attendee_idx" ON "emergency_contacts" USING btree ("attendee_profile_id","position");--> statement-breakpoint
CREATE INDEX "medical_access_log_attendee_idx" ON "medical_access_log" USING btree ("attendee_profile_id","viewed_at");--> statement-breakpoint
CREATE INDEX "medical_access_log_viewer_idx" ON "medical_access_log" USING btree ("viewer_id");