CREATE TABLE "job_runs" (
	"job" varchar(64) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"node" varchar(128) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_job_due_at_pk" PRIMARY KEY("job","due_at")
);
