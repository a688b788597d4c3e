CREATE SEQUENCE "public"."generations_queue_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "run_queues" (
	"user_id" text PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "queue_position" bigint DEFAULT nextval('generations_queue_position_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "run_queues" ADD CONSTRAINT "run_queues_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_user_queue_idx" ON "generations" USING btree ("user_id","status","queue_position");