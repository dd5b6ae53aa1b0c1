-- realistic: binary search tree with insert, search, delete and traversals
local BST = {}
BST.__index = BST
function BST.new() return setmetatable({root = nil, size = 0}, BST) end
local function insert(node, key, val)
  if not node then return {key = key, val = val}, true end
  local added
  if key < node.key then node.left, added = insert(node.left, key, val)
  elseif key > node.key then node.right, added = insert(node.right, key, val)
  else node.val = val; added = false end
  return node, added
end
function BST:put(key, val)
  local added
  self.root, added = insert(self.root, key, val)
  if added then self.size = self.size + 1 end
end
function BST:get(key)
  local n = self.root
  while n do
    if key < n.key then n = n.left elseif key > n.key then n = n.right else return n.val end
  end
  return nil
end
local function minNode(n) while n.left do n = n.left end return n end
local function delete(node, key)
  if not node then return nil, false end
  local removed
  if key < node.key then node.left, removed = delete(node.left, key)
  elseif key > node.key then node.right, removed = delete(node.right, key)
  else
    if not node.left then return node.right, true end
    if not node.right then return node.left, true end
    local m = minNode(node.right)
    node.key, node.val = m.key, m.val
    node.right = delete(node.right, m.key)
    removed = true
  end
  return node, removed
end
function BST:remove(key)
  local removed
  self.root, removed = delete(self.root, key)
  if removed then self.size = self.size - 1 end
  return removed
end
local function walk(n, order, out)
  if not n then return out end
  if order == "pre" then out[#out + 1] = n.key end
  walk(n.left, order, out)
  if order == "in" then out[#out + 1] = n.key end
  walk(n.right, order, out)
  if order == "post" then out[#out + 1] = n.key end
  return out
end
local function height(n) if not n then return 0 end return 1 + math.max(height(n.left), height(n.right)) end
local t = BST.new()
for _, k in ipairs({50, 30, 70, 20, 40, 60, 80, 35, 45, 65}) do t:put(k, "v" .. k) end
t:put(40, "updated")
print(t.size, height(t.root), t:get(40), t:get(65), t:get(99))
print(table.concat(walk(t.root, "in", {}), " "))
print(table.concat(walk(t.root, "pre", {}), " "))
print(table.concat(walk(t.root, "post", {}), " "))
print(t:remove(30), t:remove(99), t:remove(50), t.size)
print(table.concat(walk(t.root, "in", {}), " "), t.root.key)
local words = BST.new()
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words:put(w, (words:get(w) or 0) + 1) end
print(words.size, words:get("the"), table.concat(walk(words.root, "in", {}), ","))
