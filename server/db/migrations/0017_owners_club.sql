ALTER TABLE "chat_threads" ALTER COLUMN "deal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owners_club_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owners_club_deal_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_member_pair_key" ON "chat_threads" USING btree (least("buyer_id", "seller_id"),greatest("buyer_id", "seller_id")) WHERE "chat_threads"."deal_id" is null;