-- syntax error: missing 'end'
-- nothing in this file runs because the whole chunk fails to compile
print("never executed")
local function f(x)
  if x then
    return 1
  end
  for i = 1, 2 do
    x = x + i
  end
print(f(true))
