-- realistic: an LRU cache with a doubly linked list and a hash map
local LRU = {}
LRU.__index = LRU
function LRU.new(capacity)
  local head, tail = {}, {}
  head.next, tail.prev = tail, head
  return setmetatable({cap = capacity, map = {}, head = head, tail = tail, size = 0,
                       hits = 0, misses = 0, evicted = {}}, LRU)
end
local function unlink(node) node.prev.next, node.next.prev = node.next, node.prev end
function LRU:_front(node)
  node.next, node.prev = self.head.next, self.head
  self.head.next.prev = node
  self.head.next = node
end
function LRU:get(key)
  local node = self.map[key]
  if not node then self.misses = self.misses + 1; return nil end
  self.hits = self.hits + 1
  unlink(node)
  self:_front(node)
  return node.value
end
function LRU:put(key, value)
  local node = self.map[key]
  if node then
    node.value = value
    unlink(node)
    self:_front(node)
    return
  end
  if self.size == self.cap then
    local last = self.tail.prev
    unlink(last)
    self.map[last.key] = nil
    self.size = self.size - 1
    self.evicted[#self.evicted + 1] = last.key
  end
  node = {key = key, value = value}
  self.map[key] = node
  self:_front(node)
  self.size = self.size + 1
end
function LRU:keys()
  local out = {}
  local n = self.head.next
  while n ~= self.tail do out[#out + 1] = tostring(n.key); n = n.next end
  return table.concat(out, ",")
end
local c = LRU.new(3)
c:put("a", 1); c:put("b", 2); c:put("c", 3)
print(c:keys(), c:get("a"), c:keys())
c:put("d", 4)
print(c:keys(), c:get("b"), table.concat(c.evicted, ","))
c:put("c", 30)
print(c:keys(), c:get("c"))
c:put("e", 5); c:put("f", 6)
print(c:keys(), table.concat(c.evicted, ","), c.size)
local calls = 0
local function slowSquare(n) calls = calls + 1; return n * n end
local cache = LRU.new(8)
local function cachedSquare(n)
  local v = cache:get(n)
  if v == nil then v = slowSquare(n); cache:put(n, v) end
  return v
end
local total = 0
for i = 1, 100 do total = total + cachedSquare(i % 7) end
print(total, calls, cache.hits, cache.misses, cache:keys())
