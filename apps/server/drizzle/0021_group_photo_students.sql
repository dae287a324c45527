CREATE TABLE "post_students" (
	"post_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	CONSTRAINT "post_students_post_id_attendee_profile_id_pk" PRIMARY KEY("post_id","attendee_profile_id")
);
--> statement-breakpoint
ALTER TABLE "post_students" ADD CONSTRAINT "post_students_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_students" ADD CONSTRAINT "post_students_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_students_attendee_idx" ON "post_students" USING btree ("attendee_profile_id");