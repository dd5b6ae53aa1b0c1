-- small algorithms with bitwise operators
local function popcount(x)
  local c = 0
  while x ~= 0 do
    x = x & (x - 1)
    c = c + 1
  end
  return c
end
print(popcount(0), popcount(1), popcount(255), popcount(-1), popcount(math.mininteger))
local a, b = 12, 34
a = a ~ b; b = a ~ b; a = a ~ b
print(a, b)
local function bits(x, n)
  local s = {}
  for i = n - 1, 0, -1 do s[#s + 1] = (x >> i) & 1 end
  return table.concat(s)
end
print(bits(5, 8), bits(-1, 8), bits(0xA5, 8))
local function rotl(x, n) return (x << n) | (x >> (64 - n)) end
print(string.format("%x", rotl(0x8000000000000001, 4)))
print((1 << 10) - 1, ~(~0 << 10))
local flags = 0
local READ, WRITE, EXEC = 1, 2, 4
flags = flags | READ | EXEC
print(flags & READ ~= 0, flags & WRITE ~= 0, flags & EXEC ~= 0)
flags = flags & ~READ
print(flags)
print(0x12345678 >> 16, 0x12345678 & 0xFFFF)
local h = 0
for c in ("hello"):gmatch(".") do h = (h * 31 + c:byte()) & 0xFFFFFFFF end
print(h)
