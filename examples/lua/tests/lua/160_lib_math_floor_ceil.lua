-- math.floor / math.ceil return integers when representable
local vals = {3.7, -3.7, 3.0, -0.5, 0.5, 2^40 + 0.5, 1e20, -1e20, 7}
for _, v in ipairs(vals) do
  local f, c = math.floor(v), math.ceil(v)
  print(v, f, math.type(f), c, math.type(c))
end
print(math.floor(math.huge), math.ceil(-math.huge))
print(math.floor(-0.0), math.ceil(-0.1))
print(math.floor(2^62), math.floor(2^63))
print(pcall(math.floor, "x") == false, math.floor("3.5"))
