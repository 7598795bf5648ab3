-- Help search: full-text in the reader's language, accent-insensitive ("credito" finds "crédito"), with
-- trigram similarity for typos. Both extensions are trusted (a database owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION help_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION help_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION help_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION help_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TABLE "help_article_votes" (
	"article_id" uuid NOT NULL,
	"voter_key" text NOT NULL,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_article_votes_article_id_voter_key_pk" PRIMARY KEY("article_id","voter_key")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_es" text DEFAULT '' NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"helpful_yes" integer DEFAULT 0 NOT NULL,
	"helpful_no" integer DEFAULT 0 NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('help_en'::regconfig, coalesce(title_en, '')), 'A') || setweight(to_tsvector('help_en'::regconfig, coalesce(body_en, '')), 'B')) STORED,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('help_es'::regconfig, coalesce(title_es, '')), 'A') || setweight(to_tsvector('help_es'::regconfig, coalesce(body_es, '')), 'B')) STORED,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid,
	"asker_id" uuid,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"question_en" text,
	"question_es" text,
	"answer_en" text,
	"answer_es" text,
	"answered_by" uuid,
	"published_at" timestamp with time zone,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('help_en'::regconfig, coalesce(question_en, '')), 'A') || setweight(to_tsvector('help_en'::regconfig, coalesce(answer_en, '')), 'B')) STORED,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('help_es'::regconfig, coalesce(question_es, '')), 'A') || setweight(to_tsvector('help_es'::regconfig, coalesce(answer_es, '')), 'B')) STORED,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"video_url" text,
	"minutes" integer DEFAULT 5 NOT NULL,
	"title_en" text,
	"title_es" text,
	"summary_en" text,
	"summary_es" text,
	"body_en" text,
	"body_es" text,
	"quiz" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passed_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_article_votes" ADD CONSTRAINT "help_article_votes_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_questions" ADD CONSTRAINT "help_questions_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_questions" ADD CONSTRAINT "help_questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_questions" ADD CONSTRAINT "help_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_lesson_id_training_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."training_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_key" ON "help_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_articles_search_en_idx" ON "help_articles" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "help_articles_search_es_idx" ON "help_articles" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "help_articles_title_en_trgm_idx" ON "help_articles" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_articles_title_es_trgm_idx" ON "help_articles" USING gin ("title_es" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "help_categories_slug_key" ON "help_categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "help_questions_slug_key" ON "help_questions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_questions_status_idx" ON "help_questions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "help_questions_search_en_idx" ON "help_questions" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "help_questions_search_es_idx" ON "help_questions" USING gin ("search_es");--> statement-breakpoint
CREATE UNIQUE INDEX "training_lessons_slug_key" ON "training_lessons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "training_lessons_position_idx" ON "training_lessons" USING btree ("position");