-- uncaught error with a number value
print("numbers become messages")
local ok, e = pcall(error, 42)
print(ok, e, math.type(e))
local function fail(n)
  if n > 2 then error(n * 14) end
  print("ok", n)
end
for i = 1, 5 do fail(i) end
print("never printed")
