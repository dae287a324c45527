ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_valid" CHECK ("orders"."subtotal" >= 0 AND "orders"."discount" >= 0 AND "orders"."total" >= 0 AND "orders"."credit_applied" >= 0 AND "orders"."credit_applied" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_valid" CHECK ("refunds"."method" IN ('card', 'cash', 'check', 'credit'));