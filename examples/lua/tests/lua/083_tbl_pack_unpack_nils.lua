-- table.pack/unpack with nils and explicit counts
local p = table.pack(nil, nil, nil)
print(p.n, p[1], p[3])
print(table.unpack(p, 1, p.n))
local function roundtrip(...)
  local t = table.pack(...)
  return table.unpack(t, 1, t.n)
end
print(select("#", roundtrip(1, nil, 3, nil, nil)))
print(roundtrip(nil, "b"))
local t = {n = 2, "x"}
print(table.unpack(t, 1, t.n))
print(select("#", table.unpack({}, 1, 0)), select("#", table.unpack({}, 1, 2)))
print(pcall(table.unpack, {}, 1, 1e7) == false)
local big = {}
for i = 1, 200 do big[i] = i end
print(select("#", table.unpack(big)), (select(200, table.unpack(big))))
print(math.max(table.unpack(big)))
