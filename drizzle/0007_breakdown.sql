ALTER TABLE "shot_lists" ADD COLUMN "script_id" text;--> statement-breakpoint
ALTER TABLE "shot_lists" ADD CONSTRAINT "shot_lists_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shot_lists_script_idx" ON "shot_lists" USING btree ("script_id");