-- A walk-in's agreements signed on paper at the desk and recorded by staff: a signature names
-- the family account or the walk-in (one of the two), how it was given, and who recorded it.
-- Existing signatures were typed online by families.
ALTER TABLE "agreement_signatures" ALTER COLUMN "family_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD COLUMN "guest_customer_id" integer;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD COLUMN "method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD COLUMN "recorded_by_id" integer;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_guest_customer_id_guest_customers_id_fk" FOREIGN KEY ("guest_customer_id") REFERENCES "public"."guest_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_walk_in_live_unique" ON "agreement_signatures" USING btree ("agreement_version_id","guest_customer_id") WHERE "agreement_signatures"."guest_customer_id" is not null and "agreement_signatures"."attendee_profile_id" is null and "agreement_signatures"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "agreement_signatures_guest_customer_idx" ON "agreement_signatures" USING btree ("guest_customer_id");--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_holder_check" CHECK ("agreement_signatures"."family_user_id" is not null or "agreement_signatures"."guest_customer_id" is not null);