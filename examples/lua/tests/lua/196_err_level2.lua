-- uncaught error with level 2: blames the caller
local function check(v)
  if type(v) ~= "string" then
    error("string expected", 2)
  end
  return v
end
print(check("ok"))
local r = check(42) -- this line is blamed
print("never printed", r)
