ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_customer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_customer_id_guest_customers_id_fk" FOREIGN KEY ("guest_customer_id") REFERENCES "public"."guest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_id_users_id_fk" FOREIGN KEY ("placed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_guest_customer_idx" ON "orders" USING btree ("guest_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_idempotency_unique" ON "orders" USING btree ("guest_customer_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_has_buyer" CHECK ("orders"."user_id" IS NOT NULL OR "orders"."guest_customer_id" IS NOT NULL);