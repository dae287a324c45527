-- Who wrote the text still shown to others while an edit of an approved comment waits for review.
-- An edit waiting now keeps null: its earlier text is shown as the author's own.
ALTER TABLE "comments" ADD COLUMN "approved_written_by_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_approved_written_by_id_users_id_fk" FOREIGN KEY ("approved_written_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;