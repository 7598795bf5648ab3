CREATE TABLE "deal_favorites" (
	"user_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_favorites_user_id_deal_id_pk" PRIMARY KEY("user_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"original_key" text NOT NULL,
	"display_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"comments" text,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"hide_address" boolean DEFAULT false NOT NULL,
	"normalized_address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"deal_category" text NOT NULL,
	"purchase_type" text,
	"property_type" text NOT NULL,
	"purchase_price" double precision,
	"emd" double precision,
	"expected_close_of_escrow" date,
	"traditional_financing" text[] DEFAULT '{}'::text[] NOT NULL,
	"bedrooms" double precision,
	"bathrooms" double precision,
	"square_footage" double precision,
	"lot_size" double precision,
	"lot_size_unit" text DEFAULT 'sqft' NOT NULL,
	"year_built" integer,
	"solar" text DEFAULT 'none' NOT NULL,
	"parking" text DEFAULT 'none' NOT NULL,
	"additional_parking" text,
	"hoa_monthly_fee" double precision,
	"solar_monthly_fee" double precision,
	"restrictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"agent_involved" boolean DEFAULT false NOT NULL,
	"private_pool" boolean DEFAULT false NOT NULL,
	"deal_description" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"legal_certification" boolean DEFAULT false NOT NULL,
	"loan_type" text,
	"interest_rate" double precision,
	"loan_balance" double precision,
	"loan_maturity" date,
	"piti" double precision,
	"entry_fee" double precision,
	"seller_loan_amount" double precision,
	"seller_interest_rate" double precision,
	"pi" double precision,
	"seller_loan_maturity" date,
	"deed_transfer_type" text,
	"option_fee" double precision,
	"option_sale_price" double precision,
	"option_term" double precision,
	"option_fee_deducted" boolean DEFAULT false NOT NULL,
	"lease_monthly_payment" double precision,
	"monthly_payment_credited" boolean DEFAULT false NOT NULL,
	"monthly_credit_amount" double precision,
	"security_deposit" double precision,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"allowed_pet_types" text,
	"pet_fee" double precision,
	"utilities_included" boolean DEFAULT false NOT NULL,
	"allows_sublease" boolean DEFAULT false NOT NULL,
	"appliances_included" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(street_address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(deal_description, ''))) STORED,
	"priority_notified_count" integer DEFAULT 0 NOT NULL,
	"priority_notified_at" timestamp with time zone,
	"others_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"deal_id" uuid,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deal_favorites" ADD CONSTRAINT "deal_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_favorites" ADD CONSTRAINT "deal_favorites_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_interests" ADD CONSTRAINT "deal_interests_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_interests" ADD CONSTRAINT "deal_interests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_photos" ADD CONSTRAINT "deal_photos_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_favorites_deal_idx" ON "deal_favorites" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_interests_deal_buyer_key" ON "deal_interests" USING btree ("deal_id","buyer_id");--> statement-breakpoint
CREATE INDEX "deal_interests_buyer_idx" ON "deal_interests" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "deal_photos_deal_position_idx" ON "deal_photos" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deal_status_history_deal_idx" ON "deal_status_history" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_status_created_idx" ON "deals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_state_city_idx" ON "deals" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "deals_zip_idx" ON "deals" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "deals_price_idx" ON "deals" USING btree ("purchase_price");--> statement-breakpoint
CREATE INDEX "deals_category_type_idx" ON "deals" USING btree ("deal_category","purchase_type");--> statement-breakpoint
CREATE INDEX "deals_property_type_idx" ON "deals" USING btree ("property_type");--> statement-breakpoint
CREATE INDEX "deals_lat_lng_idx" ON "deals" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "deals_normalized_address_idx" ON "deals" USING btree ("normalized_address");--> statement-breakpoint
CREATE INDEX "deals_tags_idx" ON "deals" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "deals_search_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");