DROP INDEX "library_blocks_owner_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "library_blocks_owner_name_unique" ON "library_blocks" USING btree ("owner_id",lower("name"));