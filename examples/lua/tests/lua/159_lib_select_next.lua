-- select and next
print(select("#"), select("#", nil), select("#", 1, nil, nil))
print(select(1, "a", "b"), select(2, "a", "b"))
print(select(-1, "a", "b"), select(-2, "a", "b"))
print(select(3, "a", "b"))
print(select(2.0, "a", "b"))
print(pcall(select, "x") == false, pcall(select, 1.5, "a") == false)
local t = {}
print(next(t))
t[1] = "one"
print(next(t))
print(next(t, 1))
local h = {x = 1}
local k, v = next(h)
print(k, v, next(h, k))
local n = 0
for key, val in next, {10, 20, 30} do n = n + key * val end
print(n)
local function last(...) return (select(select("#", ...), ...)) end
print(last(1, 2, 3), last("only"))
