CREATE TABLE "family_guardians" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "family_guardians_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"guardian_user_id" integer,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_guardians" ADD CONSTRAINT "family_guardians_family_user_id_users_id_fk" FOREIGN KEY ("family_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_guardians" ADD CONSTRAINT "family_guardians_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_guardians" ADD CONSTRAINT "family_guardians_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_guardians_guardian_unique" ON "family_guardians" USING btree ("guardian_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_guardians_token_unique" ON "family_guardians" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "family_guardians_family_email_unique" ON "family_guardians" USING btree ("family_user_id","email");--> statement-breakpoint
CREATE INDEX "family_guardians_invited_by_idx" ON "family_guardians" USING btree ("invited_by");