ALTER TABLE "coupon_redemptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "guest_customer_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_guest_customer_id_guest_customers_id_fk" FOREIGN KEY ("guest_customer_id") REFERENCES "public"."guest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_guest_customer_idx" ON "coupon_redemptions" USING btree ("guest_customer_id");--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_has_person" CHECK ("coupon_redemptions"."user_id" IS NOT NULL OR "coupon_redemptions"."guest_customer_id" IS NOT NULL);