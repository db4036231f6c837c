-- Queue activity (issue 13): what every engine processed of each machine, by the minute, for the
-- queue seed's Completed (last hour), Throughput and Avg Time. Engines add their counts every few
-- seconds (not per event, so turns pay nothing for it); rows older than a day are deleted.
CREATE TABLE cw_queue_activity (
  machine          text COLLATE "C" NOT NULL,
  minute           timestamptz NOT NULL,
  completed        bigint NOT NULL,   -- events and timer fires applied
  processed        bigint NOT NULL,   -- attempts settled, whatever their outcome
  processing_nanos bigint NOT NULL,   -- the processing time of those attempts, summed
  PRIMARY KEY (machine, minute)
);
