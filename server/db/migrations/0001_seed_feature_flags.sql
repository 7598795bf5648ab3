-- The banner stays off until an admin turns it on and gives a registration URL.
INSERT INTO "app_settings" ("key", "value")
VALUES ('feature_flags', '{"enableWebinarBanner": false, "webinarRegistrationUrl": null}'::jsonb)
ON CONFLICT ("key") DO NOTHING;
