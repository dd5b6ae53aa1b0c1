-- syntax error: unfinished string
-- nothing in this file runs because the whole chunk fails to compile
print("never executed")
local t = {
  "complete",
  'also complete',
  [[long and complete]],
}
local s = "this string does not end
print(s, #t)
