-- table.move
local a = {1, 2, 3, 4, 5}
table.move(a, 2, 4, 1)
print(table.concat(a, ","))
local b = {1, 2, 3, 4, 5}
table.move(b, 1, 3, 3)
print(table.concat(b, ","))
local c = table.move({10, 20, 30}, 1, 3, 1, {})
print(table.concat(c, ","))
local d = table.move({"x", "y"}, 1, 2, 4, {"a", "b", "c"})
print(table.concat(d, ","))
local e = table.move({1, 2, 3}, 1, 0, 1, {9})
print(table.concat(e, ","))
local function copy(t) return table.move(t, 1, #t, 1, {}) end
local orig = {3, 1, 2}
local cp = copy(orig)
table.sort(cp)
print(table.concat(orig, ","), table.concat(cp, ","))
