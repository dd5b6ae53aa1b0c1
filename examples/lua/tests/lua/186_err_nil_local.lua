-- uncaught error: arithmetic on a nil local
local function compute(a, b)
  local missing
  print("computing", a, b)
  return a + b + missing
end
print("before")
local values = {1, 2, 3}
print("values", table.concat(values, ","))
print(compute(1, 2))
print("never printed")
