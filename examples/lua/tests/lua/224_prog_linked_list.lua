-- realistic: a linked list with closures as iterators
local List = {}
List.__index = List
function List.new(...)
  local l = setmetatable({head = nil, tail = nil, n = 0}, List)
  for i = 1, select("#", ...) do l:append((select(i, ...))) end
  return l
end
function List:append(v)
  local node = {value = v}
  if self.tail then self.tail.next = node else self.head = node end
  self.tail = node
  self.n = self.n + 1
  return self
end
function List:prepend(v)
  self.head = {value = v, next = self.head}
  self.tail = self.tail or self.head
  self.n = self.n + 1
  return self
end
function List:values()
  local cur = self.head
  return function()
    if cur then
      local v = cur.value
      cur = cur.next
      return v
    end
  end
end
function List:enumerate()
  local cur, i = self.head, 0
  return function()
    if not cur then return nil end
    local v = cur.value
    i, cur = i + 1, cur.next
    return i, v
  end
end
function List:map(f)
  local r = List.new()
  for v in self:values() do r:append(f(v)) end
  return r
end
function List:reverse()
  local prev, cur = nil, self.head
  self.tail = cur
  while cur do cur.next, prev, cur = prev, cur, cur.next end
  self.head = prev; return self
end
function List:removeIf(pred)
  local dummy = {next = self.head}
  local p = dummy
  while p.next do
    if pred(p.next.value) then p.next = p.next.next; self.n = self.n - 1 else p = p.next end
  end
  self.head = dummy.next
  self.tail = self.head
  while self.tail and self.tail.next do self.tail = self.tail.next end
end
List.__tostring = function(l)
  local parts = {}
  for v in l:values() do parts[#parts + 1] = tostring(v) end
  return "(" .. table.concat(parts, " -> ") .. ")"
end
List.__len = function(l) return l.n end
local l = List.new(1, 2, 3)
l:append(4):prepend(0)
print(tostring(l), #l)
for i, v in l:enumerate() do io.write(i, "=", v, " ") end
print()
print(tostring(l:map(function(x) return x * x end)))
print(tostring(l:reverse()), l.tail.value)
l:removeIf(function(v) return v % 2 == 1 end)
print(tostring(l), #l, l.tail.value)
l:append(10)
print(tostring(l), tostring(List.new()))
local it1, it2 = l:values(), l:values()
print(it1(), it1(), it2(), it1(), it2())
