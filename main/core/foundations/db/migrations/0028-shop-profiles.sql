-- Each team's shop as its documents print it: the name, address, return address, logo, tax
-- number and contact (teams/shop-profile.ts). One JSON object a team; absent: the team's name.
CREATE TABLE shop_profiles (
  team_id TEXT PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  profile TEXT NOT NULL,
  -- Counts saves: a reader keeps the parsed profile while the version stays.
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
