-- A family with more than one pending balance payment (made by racing "Pay balance" requests
-- before the index) keeps its newest; the older ones are replaced, as a new amount replaces them.
-- A card form still open on one of them is still applied by the webhook (a success moves a billing
-- payment to succeeded from any state).
UPDATE "billing_payments" SET "status" = 'failed', "last_error" = 'Replaced by a payment of the current balance', "updated_at" = now()
WHERE "kind" = 'balance' AND "status" = 'pending' AND EXISTS (
  SELECT 1 FROM "billing_payments" AS "newer"
  WHERE "newer"."user_id" = "billing_payments"."user_id" AND "newer"."kind" = 'balance'
    AND "newer"."status" = 'pending' AND "newer"."id" > "billing_payments"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_one_pending_balance" ON "billing_payments" USING btree ("user_id") WHERE "billing_payments"."kind" = 'balance' and "billing_payments"."status" = 'pending';