-- read-only proxy tables and tracking accesses
local function readonly(t)
  return setmetatable({}, {
    __index = t,
    __newindex = function(_, k) error("attempt to modify read-only key " .. tostring(k), 2) end,
    __len = function() return #t end,
  })
end
local days = readonly({"Mon", "Tue", "Wed"})
print(days[1], #days)
local ok, err = pcall(function() days[4] = "Thu" end)
print(ok, (err:gsub("^[^:]*:%d+: ", "")))
local function track(t)
  local reads, writes = {}, {}
  local p = setmetatable({}, {
    __index = function(_, k) reads[#reads + 1] = k; return t[k] end,
    __newindex = function(_, k, v) writes[#writes + 1] = k; t[k] = v end,
  })
  return p, reads, writes
end
local p, r, w = track({a = 1})
local _ = p.a, p.b
p.c = 3
p.c = 4
print(table.concat(r, ","), table.concat(w, ","), p.c)
local counts = setmetatable({}, {__index = function() return 0 end})
for word in ("a b a c b a"):gmatch("%a") do counts[word] = counts[word] + 1 end
print(counts.a, counts.b, counts.c, counts.d)
