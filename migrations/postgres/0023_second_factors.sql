-- As SQLite's 0024_second_factors: a member's TOTP second factor and its recovery codes.
CREATE TABLE "recovery_codes" (
	"member_id" text NOT NULL,
	"code_hash" text NOT NULL,
	CONSTRAINT "recovery_codes_member_id_code_hash_pk" PRIMARY KEY("member_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"member_id" text PRIMARY KEY NOT NULL,
	"sealed_secret" text NOT NULL,
	"last_step" bigint NOT NULL,
	"enabled_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;