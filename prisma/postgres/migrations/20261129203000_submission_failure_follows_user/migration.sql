-- Hand-written (docs/decisions/060-instructor-dashboard-figures.md): submission_failure copies its
-- submission's userId so the dashboard counts learners without a join. When a submission changes
-- hands (an anonymous learner's progress merged into the account they sign up for), the copies follow.
CREATE FUNCTION "submission_failure_follows_user"() RETURNS trigger AS $$
BEGIN
    UPDATE "submission_failure" SET "userId" = NEW."userId" WHERE "submissionId" = NEW."id";
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "submission_failure_follows_user"
AFTER UPDATE OF "userId" ON "submission"
FOR EACH ROW EXECUTE FUNCTION "submission_failure_follows_user"();
