-- local <const> variables
local N <const> = 10
local NAME <const> = "const-name"
print(N, NAME)
local sum = 0
for i = 1, N do sum = sum + i end
print(sum)
local function useConst() return N * 2 end
print(useConst())
local PI <const>, E <const> = 3.14, 2.71
print(PI + E)
local T <const> = {1, 2, 3}
T[1] = 100
print(T[1])
local ok = load("local c <const> = 1; c = 2")
print(ok)
local f, err = load("local c <const> = 1; c = 2")
print(f == nil, err ~= nil)
local v <const> = nil
print(v)
local ok2 = load("local a <const> = 1; return a + 1")
print(ok2())
local f3, e3 = load("local a <unknownattr> = 1")
print(f3 == nil, type(e3))
