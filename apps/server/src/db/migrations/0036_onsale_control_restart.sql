-- A change of an on-sale's admission control restarts what the room carried under the old one,
-- whoever makes it (the back office's editor, a catalogue file imported again, a statement by
-- hand): the fraction of a buyer the rate carried to the next step, and the self-steering rate's
-- state (a steering rate switched on again starts afresh, at its maximum, with the next step).
-- The control changed: another admission mode, or a cap's ramp (admission_rate_limit) set or cleared.
CREATE FUNCTION onsale_control_restart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.admission_mode IS DISTINCT FROM OLD.admission_mode
     OR (NEW.admission_rate_limit IS NULL) IS DISTINCT FROM (OLD.admission_rate_limit IS NULL) THEN
    NEW.rate_carry := 0;
    NEW.steer_rate := NULL;
    NEW.steer_change := NULL;
    NEW.steer_p99_ms := NULL;
    NEW.steer_decreased_at := NULL;
    NEW.steered_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER onsales_control_restart BEFORE UPDATE OF admission_mode, admission_rate_limit ON onsales FOR EACH ROW EXECUTE FUNCTION onsale_control_restart();
