-- tostring and tonumber round trips
local vals = {0, -1, 42, 3.5, -2.25, 1e10, 1e15, 2^53, 123456789012345}
for _, v in ipairs(vals) do
  local s = tostring(v)
  local back = tonumber(s)
  print(s, back == v, math.type(back) == math.type(v))
end
print(tonumber("0x10", 10), tonumber("10", 16), tonumber("zz", 36))
print(tonumber("1e1", 16), tonumber("1E1"))
print(pcall(tonumber, "10", 1) == false, pcall(tonumber, "10", 37) == false)
print(pcall(tonumber, 10, 16) == false)
print(tonumber(" -7 "), tonumber("- 7"), tonumber("7-"))
print(tonumber("1_000"), tonumber("١"))
print(tostring(tonumber("0.1")), tonumber("  0x1p-2  "))
print(tonumber(" 10 ", 36), tonumber("-ff", 16), tonumber("+11", 2))
