# A user profile written by hand: starts from the shipped `typical` profile and changes a few
# numbers (every key: docs/simulate.md, "Writing a profile").
base typical
unlocks-per-day 120
wake-hour 10
sleep-hour 26
