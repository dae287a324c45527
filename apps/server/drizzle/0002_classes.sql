CREATE TABLE "klass_group_schedule_addons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klass_group_schedule_addons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klass_group_schedule_addons_price_not_negative" CHECK ("klass_group_schedule_addons"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "klass_group_schedule_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klass_group_schedule_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klass_group_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klass_group_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"klass_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"teacher_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	"time_zone" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"slots" jsonb NOT NULL,
	"exception_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klass_group_schedules_capacity_positive" CHECK ("klass_group_schedules"."capacity" > 0),
	CONSTRAINT "klass_group_schedules_dates_ordered" CHECK ("klass_group_schedules"."end_date" >= "klass_group_schedules"."start_date")
);
--> statement-breakpoint
CREATE TABLE "klass_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klass_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"audience" text NOT NULL,
	"format" text NOT NULL,
	"location" text,
	"meeting_url" text,
	"min_age" integer,
	"max_age" integer,
	"image_key" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "klasses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "klasses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"origin" text NOT NULL,
	"original_starts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klasses_ends_after_start" CHECK ("klasses"."ends_at" > "klasses"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"base_price" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_prices_not_negative" CHECK ("plans"."base_price" >= 0 and "plans"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seat_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"user_id" integer,
	"seats" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_holds_seats_positive" CHECK ("seat_holds"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "klass_group_schedule_addons" ADD CONSTRAINT "klass_group_schedule_addons_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klass_group_schedule_plans" ADD CONSTRAINT "klass_group_schedule_plans_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klass_group_schedule_plans" ADD CONSTRAINT "klass_group_schedule_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klass_group_schedules" ADD CONSTRAINT "klass_group_schedules_klass_group_id_klass_groups_id_fk" FOREIGN KEY ("klass_group_id") REFERENCES "public"."klass_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klass_group_schedules" ADD CONSTRAINT "klass_group_schedules_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klasses" ADD CONSTRAINT "klasses_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klass_group_schedule_addons_schedule_idx" ON "klass_group_schedule_addons" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "klass_group_schedule_plans_unique" ON "klass_group_schedule_plans" USING btree ("schedule_id","plan_id");--> statement-breakpoint
CREATE INDEX "klass_group_schedule_plans_plan_idx" ON "klass_group_schedule_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "klass_group_schedules_group_idx" ON "klass_group_schedules" USING btree ("klass_group_id");--> statement-breakpoint
CREATE INDEX "klass_group_schedules_teacher_idx" ON "klass_group_schedules" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "klass_groups_slug_unique" ON "klass_groups" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "klass_groups_published_name_idx" ON "klass_groups" USING btree ("published","name");--> statement-breakpoint
CREATE INDEX "klasses_schedule_starts_idx" ON "klasses" USING btree ("schedule_id","starts_at");--> statement-breakpoint
CREATE INDEX "klasses_starts_idx" ON "klasses" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "plans_name_idx" ON "plans" USING btree ("name");--> statement-breakpoint
CREATE INDEX "enrollments_schedule_idx" ON "enrollments" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "enrollments_attendee_idx" ON "enrollments" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_one_active_per_attendee" ON "enrollments" USING btree ("schedule_id","attendee_profile_id") WHERE "enrollments"."status" = 'active';--> statement-breakpoint
CREATE INDEX "seat_holds_schedule_expires_idx" ON "seat_holds" USING btree ("schedule_id","expires_at");--> statement-breakpoint
CREATE INDEX "seat_holds_user_idx" ON "seat_holds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_unique" ON "calendar_feeds" USING btree ("token_hash");