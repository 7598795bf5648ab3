CREATE TABLE "buyer_demand" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"zip_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text,
	"max_price" double precision,
	"price_bucket" text,
	"min_beds" integer,
	"min_baths" integer,
	"financing_type" text,
	"credit_range" text,
	"property_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"down_payment" double precision,
	"monthly_payment" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_demand" ADD CONSTRAINT "buyer_demand_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_demand_zip_codes_idx" ON "buyer_demand" USING gin ("zip_codes");--> statement-breakpoint
INSERT INTO "buyer_demand" ("user_id", "zip_codes", "state", "max_price", "price_bucket", "min_beds", "min_baths", "financing_type", "credit_range", "property_types", "down_payment", "monthly_payment", "updated_at")
SELECT d.user_id, d.zip_codes, d.state, d.max_price,
	CASE WHEN d.max_price IS NULL THEN NULL WHEN d.max_price <= 500000 THEN 'to500k' WHEN d.max_price <= 1000000 THEN 'to1m'
		WHEN d.max_price <= 1500000 THEN 'to1_5m' WHEN d.max_price <= 2000000 THEN 'to2m' WHEN d.max_price <= 3000000 THEN 'to3m' ELSE 'over3m' END,
	d.min_beds, d.min_baths, d.financing_type, d.credit_range, d.property_types, d.down_payment, d.monthly_payment, d.updated_at
FROM (
	SELECT u.id AS user_id,
		ARRAY(SELECT DISTINCT z FROM unnest(coalesce(b.zip_codes, '{}') || coalesce(p.zip_codes, '{}')) z ORDER BY z) AS zip_codes,
		p.data->>'state' AS state,
		coalesce((b.data->>'maxPrice')::double precision, (p.data->>'preApprovedAmount')::double precision) AS max_price,
		(p.data->>'minBedrooms')::integer AS min_beds, (p.data->>'minBathrooms')::integer AS min_baths,
		p.data->>'financingType' AS financing_type, p.data->>'creditScoreRange' AS credit_range,
		ARRAY(SELECT DISTINCT t FROM (
			SELECT jsonb_array_elements_text(coalesce(b.data->'propertyTypes', '[]')) t
			UNION SELECT jsonb_array_elements_text(coalesce(p.data->'propertyTypes', '[]'))) s ORDER BY t) AS property_types,
		(p.data->>'maxDownPayment')::double precision AS down_payment, (p.data->>'maxMonthlyPayment')::double precision AS monthly_payment,
		greatest(b.updated_at, p.updated_at) AS updated_at
	FROM users u
	LEFT JOIN buy_boxes b ON b.user_id = u.id
	LEFT JOIN buyer_preferences p ON p.user_id = u.id
	WHERE b.user_id IS NOT NULL OR p.user_id IS NOT NULL
) d;
