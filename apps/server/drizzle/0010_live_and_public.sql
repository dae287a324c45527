CREATE TABLE "attendances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"klass_id" integer NOT NULL,
	"attendee_profile_id" integer NOT NULL,
	"status" text NOT NULL,
	"marked_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_id" integer,
	"audience" text NOT NULL,
	"schedule_id" integer,
	"klass_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_title_not_blank" CHECK (length(trim("messages"."title")) > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_attendee_profile_id_attendee_profiles_id_fk" FOREIGN KEY ("attendee_profile_id") REFERENCES "public"."attendee_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_marked_by_id_users_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_schedule_id_klass_group_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."klass_group_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_klass_id_klasses_id_fk" FOREIGN KEY ("klass_id") REFERENCES "public"."klasses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_klass_attendee_unique" ON "attendances" USING btree ("klass_id","attendee_profile_id");--> statement-breakpoint
CREATE INDEX "attendances_attendee_idx" ON "attendances" USING btree ("attendee_profile_id");--> statement-breakpoint
CREATE INDEX "attendances_marked_by_idx" ON "attendances" USING btree ("marked_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_unique" ON "message_recipients" USING btree ("message_id","recipient_id");--> statement-breakpoint
CREATE INDEX "message_recipients_recipient_idx" ON "message_recipients" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_schedule_idx" ON "messages" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "messages_klass_idx" ON "messages" USING btree ("klass_id");