CREATE TABLE "deal_view_days" (
	"deal_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_view_days_deal_id_day_pk" PRIMARY KEY("deal_id","day")
);
--> statement-breakpoint
CREATE TABLE "deal_views" (
	"deal_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_id" uuid NOT NULL,
	CONSTRAINT "deal_views_deal_id_day_viewer_id_pk" PRIMARY KEY("deal_id","day","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "deal_view_days" ADD CONSTRAINT "deal_view_days_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_views" ADD CONSTRAINT "deal_views_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_views" ADD CONSTRAINT "deal_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_views_viewer_idx" ON "deal_views" USING btree ("viewer_id");