-- string keys, field syntax and numeric-looking strings
local t = {}
t.name = "field"
t["name with space"] = "bracket"
t["1"] = "string one"
t[1] = "number one"
t[""] = "empty key"
t["end"] = "keyword key"
print(t.name, t["name with space"], t["1"], t[1], t[""], t["end"])
local k = "na" .. "me"
print(t[k], t[k] == t.name)
local count = 0
for key, _ in pairs(t) do if type(key) == "string" then count = count + 1 end end
print(count)
local u = {["x"] = 1, x = 2}
print(u.x == 1 or u.x == 2)
local keys = {}
for key in pairs({alpha = 1, beta = 2, gamma = 3}) do keys[#keys + 1] = key end
table.sort(keys)
print(table.concat(keys, ","))
local nested = {a = {b = {c = "deep"}}}
print(nested.a.b.c, nested["a"]["b"]["c"])
print(t.missing, t.name.missing)
