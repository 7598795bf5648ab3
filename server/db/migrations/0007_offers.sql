CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"purchase_price" double precision,
	"entry_fee" double precision,
	"close_of_escrow_date" date NOT NULL,
	"message" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_per_buyer_key" ON "offers" USING btree ("deal_id","buyer_id") WHERE "offers"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_accepted_per_deal_key" ON "offers" USING btree ("deal_id") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "offers_deal_created_idx" ON "offers" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_buyer_created_idx" ON "offers" USING btree ("buyer_id","created_at");