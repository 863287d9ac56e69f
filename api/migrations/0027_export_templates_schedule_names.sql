-- Export templates: when the schedule was set (first period to send), and unique names per user.
-- When a template's schedule was last set: a period whose send time came before it is not the template's to
-- send (a "Weekly (Mondays)" template saved on a Friday is first mailed on the next Monday, not at the next
-- tick for the week already under way). Existing templates keep sending as before (their creation time).
ALTER TABLE export_templates ADD COLUMN schedule_since timestamptz;
UPDATE export_templates SET schedule_since = created_at;
ALTER TABLE export_templates ALTER COLUMN schedule_since SET NOT NULL, ALTER COLUMN schedule_since SET DEFAULT now();

-- A user's template names are unique (case-insensitive), as the templates list shows them by name. Earlier
-- duplicates keep their name with their id added, so the index can be built.
UPDATE export_templates t SET name = left(t.name, 135) || ' (' || t.id || ')'
WHERE EXISTS (
  SELECT 1 FROM export_templates o
  WHERE o.user_id = t.user_id AND lower(o.name) = lower(t.name) AND o.id < t.id
);
CREATE UNIQUE INDEX export_templates_user_name_idx ON export_templates (user_id, lower(name));
