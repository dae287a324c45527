-- Who wrote a comment when not its author account: a second guardian comments as the family
-- under their own name. Existing comments were written by their authors: null.
ALTER TABLE "comments" ADD COLUMN "written_by_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_written_by_id_users_id_fk" FOREIGN KEY ("written_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;