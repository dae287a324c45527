CREATE TABLE "drop_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drop_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pass_purchase_id" integer NOT NULL,
	"klass_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"booked_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pass_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pass_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"pass_id" integer,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"klass_group_ids" integer[] NOT NULL,
	"visits" integer NOT NULL,
	"visits_left" integer NOT NULL,
	"price" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_purchases_visits_left_valid" CHECK ("pass_purchases"."visits_left" >= 0 AND "pass_purchases"."visits_left" <= "pass_purchases"."visits")
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visits" integer NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"klass_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passes_visits_positive" CHECK ("passes"."visits" >= 1),
	CONSTRAINT "passes_price_nonnegative" CHECK ("passes"."price" >= 0),
	CONSTRAINT "passes_validity_positive" CHECK ("passes"."validity_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "klass_group_schedule_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "schedule_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "kind" text DEFAULT 'enrollment' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "pass_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'enrollment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pass_id" integer;--> statement-breakpoint
ALTER TABLE "drop_ins" ADD CONSTRAINT "drop_ins_pass_purchase_id_pass_purchases_id_fk" FOREIGN KEY ("pass_purchase_id") REFERENCES "public"."pass_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ins" ADD CONSTRAINT "drop_ins_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ins" ADD CONSTRAINT "drop_ins_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ins" ADD CONSTRAINT "drop_ins_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_ins_klass_attendee_live_unique" ON "drop_ins" USING btree ("klass_id","attendee_profile_id") WHERE "drop_ins"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "drop_ins_purchase_idx" ON "drop_ins" USING btree ("pass_purchase_id");--> statement-breakpoint
CREATE INDEX "drop_ins_attendee_idx" ON "drop_ins" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE INDEX "drop_ins_booked_by_idx" ON "drop_ins" USING btree ("booked_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_purchases_order_item_unique" ON "pass_purchases" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "pass_purchases_user_idx" ON "pass_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pass_purchases_pass_idx" ON "pass_purchases" USING btree ("pass_id");--> statement-breakpoint
CREATE INDEX "pass_purchases_order_idx" ON "pass_purchases" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_pass_unique" ON "cart_items" USING btree ("user_id","pass_id");--> statement-breakpoint
CREATE INDEX "cart_items_pass_idx" ON "cart_items" USING btree ("pass_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_columns" CHECK (("cart_items"."kind" = 'enrollment' AND "cart_items"."klass_group_schedule_id" IS NOT NULL AND "cart_items"."plan_id" IS NOT NULL AND "cart_items"."pass_id" IS NULL) OR ("cart_items"."kind" = 'pass' AND "cart_items"."pass_id" IS NOT NULL AND "cart_items"."klass_group_schedule_id" IS NULL AND "cart_items"."plan_id" IS NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_columns" CHECK (("order_items"."kind" = 'enrollment' AND "order_items"."schedule_id" IS NOT NULL AND "order_items"."plan_id" IS NOT NULL AND "order_items"."pass_id" IS NULL) OR ("order_items"."kind" = 'pass' AND "order_items"."pass_id" IS NOT NULL AND "order_items"."schedule_id" IS NULL AND "order_items"."plan_id" IS NULL));