-- Browse and map read only visible listings (active, exclusive, pending; see browse-filters.ts VISIBLE).
-- Partial indexes in each sort order let a page be read in index order and stop at its LIMIT instead of
-- sorting every match; the geo index covers the map's grid query. Predicates must match VISIBLE exactly.
CREATE INDEX IF NOT EXISTS "deals_browse_newest_idx" ON "deals" ("created_at" DESC, "id" DESC) WHERE "status" IN ('active', 'exclusive', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_browse_price_asc_idx" ON "deals" ("purchase_price" ASC NULLS LAST, "id" ASC) WHERE "status" IN ('active', 'exclusive', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_browse_price_desc_idx" ON "deals" ("purchase_price" DESC NULLS LAST, "id" DESC) WHERE "status" IN ('active', 'exclusive', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_browse_rate_asc_idx" ON "deals" ((coalesce("interest_rate", "seller_interest_rate")) ASC NULLS LAST, "id" ASC) WHERE "status" IN ('active', 'exclusive', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_browse_rate_desc_idx" ON "deals" ((coalesce("interest_rate", "seller_interest_rate")) DESC NULLS LAST, "id" DESC) WHERE "status" IN ('active', 'exclusive', 'pending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_browse_geo_idx" ON "deals" ("latitude", "longitude") INCLUDE ("id") WHERE "status" IN ('active', 'exclusive', 'pending') AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
