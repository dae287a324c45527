CREATE TABLE "cart_item_addons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_item_addons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_item_id" integer NOT NULL,
	"addon_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_item_attendee_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_item_attendee_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_item_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"klass_group_schedule_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"number_of_attendees" integer NOT NULL,
	"coupon_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_attendees_positive" CHECK ("cart_items"."number_of_attendees" >= 1)
);
--> statement-breakpoint
ALTER TABLE "cart_item_addons" ADD CONSTRAINT "cart_item_addons_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item_addons" ADD CONSTRAINT "cart_item_addons_addon_id_klass_group_schedule_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."klass_group_schedule_addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item_attendee_profiles" ADD CONSTRAINT "cart_item_attendee_profiles_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_item_attendee_profiles" ADD CONSTRAINT "cart_item_attendee_profiles_profile_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_klass_group_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("klass_group_schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_schedule_plan_fk" FOREIGN KEY ("klass_group_schedule_id","plan_id") REFERENCES "public"."klass_group_schedule_plans"("schedule_id","plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_item_addons_unique" ON "cart_item_addons" USING btree ("cart_item_id","addon_id");--> statement-breakpoint
CREATE INDEX "cart_item_addons_addon_idx" ON "cart_item_addons" USING btree ("addon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_item_attendee_profiles_unique" ON "cart_item_attendee_profiles" USING btree ("cart_item_id","attendee_profile_id");--> statement-breakpoint
CREATE INDEX "cart_item_attendee_profiles_profile_idx" ON "cart_item_attendee_profiles" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_schedule_unique" ON "cart_items" USING btree ("user_id","klass_group_schedule_id");--> statement-breakpoint
CREATE INDEX "cart_items_schedule_plan_idx" ON "cart_items" USING btree ("klass_group_schedule_id","plan_id");