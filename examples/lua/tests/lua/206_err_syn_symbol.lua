-- syntax error: unexpected symbol
-- nothing in this file runs because the whole chunk fails to compile
-- the error is reported at the second '=' below
print("this line is never executed")
local function ok(a, b)
  return a + b
end
print(ok(1, 2))
local x = = 5
print(x)
