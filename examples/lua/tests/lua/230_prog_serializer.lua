-- realistic: JSON-like serializer with sorted keys
local serialize
local function isArray(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end
local function escape(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local map = {['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t"}
    return map[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end
function serialize(v, indent, seen)
  indent = indent or ""
  seen = seen or {}
  local t = type(v)
  if t == "nil" then return "null"
  elseif t == "boolean" then return tostring(v)
  elseif t == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return string.format("%.14g", v)
  elseif t == "string" then return escape(v)
  elseif t == "table" then
    if seen[v] then error("cycle detected") end
    seen[v] = true
    local inner = indent .. "  "
    local arr, n = isArray(v)
    local out = {}
    if arr then
      if n == 0 then seen[v] = nil; return "[]" end
      for i = 1, n do out[i] = inner .. serialize(v[i], inner, seen) end
      seen[v] = nil
      return "[\n" .. table.concat(out, ",\n") .. "\n" .. indent .. "]"
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    for _, k in ipairs(keys) do
      local val = v[k]
      if val == nil then val = v[tonumber(k)] end
      out[#out + 1] = inner .. escape(k) .. ": " .. serialize(val, inner, seen)
    end
    seen[v] = nil
    return "{\n" .. table.concat(out, ",\n") .. "\n" .. indent .. "}"
  end
  error("cannot serialize " .. t)
end
local data = {
  name = "rpylua",
  version = 5.4,
  tags = {"lua", "interpreter", "test"},
  stats = {files = 220, passing = true, ratio = 0.75, empty = {}},
  quote = 'say "hi"\n\tbye',
  [10] = "numeric key",
}
print(serialize(data))
print(serialize({1, 2, {3, {4}}}))
print(serialize("ctrl\1char"), serialize(1e100), serialize(-0.5), serialize(0/0))
local cyc = {}
cyc.self = cyc
local ok, err = pcall(serialize, cyc)
print(ok, (err:gsub("^.-:%d+: ", "")))
print(pcall(serialize, print) == false)
