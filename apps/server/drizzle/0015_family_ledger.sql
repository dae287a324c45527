CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"guest_customer_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"description" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"order_item_id" integer,
	"payment_id" integer,
	"refund_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_has_owner" CHECK ("ledger_entries"."user_id" IS NOT NULL OR "ledger_entries"."guest_customer_id" IS NOT NULL),
	CONSTRAINT "ledger_entries_amount_signed" CHECK (CASE WHEN "ledger_entries"."kind" IN ('charge', 'refund') THEN "ledger_entries"."amount" > 0 ELSE "ledger_entries"."amount" < 0 END),
	CONSTRAINT "ledger_entries_method_of_money" CHECK (("ledger_entries"."method" IS NOT NULL) = ("ledger_entries"."kind" IN ('payment', 'refund')))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_guest_customer_id_guest_customers_id_fk" FOREIGN KEY ("guest_customer_id") REFERENCES "public"."guest_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_guest_customer_idx" ON "ledger_entries" USING btree ("guest_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
-- Append-only (docs/decisions/062-family-ledger.md): a mistake is put right by a new entry, never by
-- changing or removing one. Row triggers refuse UPDATE and DELETE, a statement trigger TRUNCATE.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Backfill: the entries the orders and refunds modules write now, for what was paid and refunded
-- before (modules/ledger/ledger-entries.ts says what each move writes). How an order was paid:
-- cash or check when its history says so (walk-ins at the desk), otherwise the card.
CREATE TEMPORARY TABLE "ledger_backfill_paid" AS
SELECT o.id, o.user_id, o.guest_customer_id, o.currency, o.total, o.paid_at,
       coalesce(offline.method, 'card') AS method,
       CASE WHEN offline.method IS NULL THEN coalesce(o.user_id, o.placed_by_id)
            ELSE coalesce(offline.actor_id, o.placed_by_id) END AS actor_id,
       CASE WHEN offline.method IS NULL THEN p.id END AS payment_id
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT e.data->>'method' AS method, e.actor_id FROM "order_events" e
  WHERE e.order_id = o.id AND e.type = 'paid_offline' AND e.data->>'method' IN ('cash', 'check')
  ORDER BY e.id LIMIT 1
) offline ON true
LEFT JOIN "payments" p ON p.order_id = o.id
WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded', 'partially_refunded');--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "guest_customer_id", "kind", "amount", "currency",
  "description", "order_id", "order_item_id", "created_by_id", "created_at")
SELECT b.user_id, b.guest_customer_id, x.kind, x.amount, b.currency, x.description, b.id, i.id,
       b.actor_id, b.paid_at
FROM "ledger_backfill_paid" b
JOIN "order_items" i ON i.order_id = b.id
CROSS JOIN LATERAL (VALUES
  ('charge', i.subtotal, concat_ws(' · ', i.snapshot->'klass_group'->>'name',
     i.snapshot->'klass_group_schedule'->>'name', i.snapshot->'plan'->>'name',
     (SELECT nullif(string_agg(a->>'name', ' · '), '')
      FROM jsonb_array_elements(i.snapshot->'addons') a)) || ' × ' || i.number_of_attendees),
  ('discount', -i.discount, coalesce(i.coupon_code, ''))
) AS x(kind, amount, description)
WHERE x.amount <> 0
ORDER BY b.paid_at, b.id, i.id, x.kind;--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "guest_customer_id", "kind", "amount", "currency",
  "order_id", "created_by_id", "created_at")
SELECT b.user_id, b.guest_customer_id, CASE WHEN gap.amount > 0 THEN 'charge' ELSE 'discount' END,
       gap.amount, b.currency, b.id, b.actor_id, b.paid_at
FROM "ledger_backfill_paid" b
CROSS JOIN LATERAL (
  SELECT b.total - coalesce(sum(i.subtotal - i.discount), 0) AS amount
  FROM "order_items" i WHERE i.order_id = b.id
) gap
WHERE gap.amount <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "guest_customer_id", "kind", "amount", "currency",
  "method", "order_id", "payment_id", "created_by_id", "created_at")
SELECT b.user_id, b.guest_customer_id, 'payment', -b.total, b.currency, b.method, b.id,
       b.payment_id, b.actor_id, b.paid_at
FROM "ledger_backfill_paid" b
WHERE b.total > 0
ORDER BY b.paid_at, b.id;--> statement-breakpoint
-- A card paid after the order's seats went to others: money taken, nothing sold.
INSERT INTO "ledger_entries" ("user_id", "guest_customer_id", "kind", "amount", "currency",
  "method", "order_id", "payment_id", "created_by_id", "created_at")
SELECT o.user_id, o.guest_customer_id, 'payment', -o.total, o.currency, 'card', o.id, p.id,
       coalesce(o.user_id, o.placed_by_id), e.created_at
FROM "orders" o
JOIN "order_events" e ON e.order_id = o.id AND e.type = 'late_payment_failed'
LEFT JOIN "payments" p ON p.order_id = o.id
WHERE o.total > 0
ORDER BY e.created_at, o.id;--> statement-breakpoint
INSERT INTO "ledger_entries" ("user_id", "guest_customer_id", "kind", "amount", "currency",
  "method", "description", "order_id", "refund_id", "created_by_id", "created_at")
SELECT o.user_id, o.guest_customer_id, x.kind, x.amount, o.currency, x.method, x.description,
       o.id, r.id, r.created_by_id, r.updated_at
FROM "refunds" r
JOIN "orders" o ON o.id = r.order_id
CROSS JOIN LATERAL (VALUES
  ('credit', -r.amount, NULL, r.reason),
  ('refund', r.amount, 'card', '')
) AS x(kind, amount, method, description)
WHERE r.status = 'succeeded'
ORDER BY r.updated_at, r.id, x.kind;--> statement-breakpoint
DROP TABLE "ledger_backfill_paid";
