-- forwarding varargs through several layers
local function inner(...) return select("#", ...), ... end
local function middle(...) return inner(...) end
local function outer(...) return middle(...) end
print(outer())
print(outer(nil))
print(outer(1, nil, nil))
local function addPrefix(prefix, ...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = prefix .. tostring(t[i]) end
  return table.unpack(t, 1, t.n)
end
print(addPrefix("#", 1, nil, "x"))
local function tail(...) return select(2, ...) end
print(tail(1, 2, 3), (tail(1, 2, 3)))
local function vsum(...)
  if select("#", ...) == 0 then return 0 end
  local first = ...
  return first + vsum(select(2, ...))
end
print(vsum(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
local function bind(f, ...)
  local bound = table.pack(...)
  return function(...)
    local args = {table.unpack(bound, 1, bound.n)}
    local extra = table.pack(...)
    for i = 1, extra.n do args[bound.n + i] = extra[i] end
    return f(table.unpack(args, 1, bound.n + extra.n))
  end
end
print(bind(string.format, "%s-%s-%s", "a")("b", "c"))
print(bind(select, "#")(nil, nil, nil))
