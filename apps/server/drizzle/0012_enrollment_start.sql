ALTER TABLE "enrollments" ADD COLUMN "enrolled_from" timestamp with time zone;--> statement-breakpoint
-- Enrollments made by an order start when the order was placed (docs/product.md#attendance).
UPDATE "enrollments" SET "enrolled_from" = "orders"."created_at"
FROM "order_items" JOIN "orders" ON "orders"."id" = "order_items"."order_id"
WHERE "order_items"."id" = "enrollments"."order_item_id";
